"""Teaching content: the lessons' questions, the explorers, class experiments, the course, the tournament."""
