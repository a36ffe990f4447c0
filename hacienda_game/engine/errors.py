"""Errors the engine raises."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule.

    The state it was applied to is unchanged (R61).
    """


class ScenarioError(ValueError):
    """A scenario or game record that cannot be set up; ``problems`` lists why."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))
