"""The guided first game: steps as data (``steps``), one director that reads
them against the game's events and the learner's view (``director``), the
coach panel and the lit target drawn over the play screen's parts
(``coach``), the scene that composes them (``scene``) and the demonstrator
that plays the learner's seat through posted input (``demonstrator``)."""
