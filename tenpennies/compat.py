"""The old flat module paths that saved notebooks import, each an alias of its new module.

Before the package was sorted into folders by layer (issue 37), a notebook wrote
``from tenpennies.match import Match`` or ``import tenpennies.svg``; those paths keep
working, and only those (:data:`OLD_PATHS`): ``tenpennies.match`` is then the very module
``tenpennies.play.match``, not a copy. ``tenpennies.words``, split into the plain word
helpers (``engine.words``) and the decision sentences (``explain.decisions``), offers the
names of both; so do ``tenpennies.quiz`` and ``tenpennies.experiments``, each split by
concept into several modules of ``lessons/``, and ``tenpennies.game``, which offers those of
the table's controller and the modules beside it that hold its buttons, its offers, its
replay and its words. Nothing in the package imports an old path; records and puzzle files
hold no module paths, so they need none. The finder is installed when ``tenpennies`` is imported.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types

OLD_PATHS = {
    "actions": ('engine.actions',),
    "buycheck": ('bots.buycheck',),
    "cards": ('engine.cards',),
    "experiments": ('lessons.experiments', 'lessons.ready_experiments', 'lessons.experiment_results',
                    'lessons.class_database', 'lessons.student_desk'),
    "explore": ('lessons.explorers',),
    "game": ('front.table', 'front.buttons', 'front.offers', 'front.replay', 'front.table_words',),
    "match": ('play.match',),
    "melds": ('engine.melds',),
    "quiz": ('lessons.quiz', 'lessons.feedback', 'lessons.choices', 'lessons.picks'),
    "review_page": ('review.page',),
    "rules": ('engine.rules',),
    "simulate": ('play.simulate',),
    "svg": ('pictures.svg',),
    "words": ('engine.words', 'explain.decisions',),
}
"""Each old path (inside ``tenpennies``) and the new modules whose names it offers."""


class OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``tenpennies.<old path>`` and answers with the new module itself."""

    def find_spec(self, fullname, path=None, target=None):
        package, _, old = fullname.partition(".")
        if package != "tenpennies" or old not in OLD_PATHS:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        homes = [importlib.import_module(f"tenpennies.{new}") for new in OLD_PATHS[spec.name.partition(".")[2]]]
        if len(homes) == 1:
            self._own_spec = homes[0].__spec__
            return homes[0]
        merged = types.ModuleType(spec.name, f"The old path of {', '.join(h.__name__ for h in homes)}.")
        for home in homes:
            merged.__dict__.update({k: v for k, v in vars(home).items() if not k.startswith("__")})
        self._own_spec = None
        return merged

    def exec_module(self, module):
        if self._own_spec is not None:
            module.__spec__ = self._own_spec  # the import system set the alias's spec on the real module


FINDER = OldPaths()
if not any(isinstance(f, OldPaths) for f in sys.meta_path):
    sys.meta_path.append(FINDER)


def keep_the_face(package: types.ModuleType) -> None:
    """Bind now each old path that is also a name the package offers (``simulate``: the function).

    Importing a module through a finder sets it as its parent's attribute, so a notebook's
    ``import tenpennies.simulate`` would turn ``tenpennies.simulate`` from the function into
    the module. Found in ``sys.modules`` already, the old path is never loaded, and the
    package's name stays the function, as it was before the move."""
    for old, homes in OLD_PATHS.items():
        if old in vars(package) and len(homes) == 1:
            sys.modules.setdefault(f"{package.__name__}.{old}", importlib.import_module(f"{package.__name__}.{homes[0]}"))
