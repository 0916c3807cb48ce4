class Crashes:
    """Averages the ranks of the table's sets: there are none at first."""

    def __init__(self, seed=0):
        pass

    def act(self, view):
        average = sum(len(meld.cards) for meld in view.table) / len(view.table)
        return view.legal_actions[0]
