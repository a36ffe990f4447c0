"""The play screen's parts, one module each: ``header``, ``track``, ``seats``,
``market``, ``hand``, ``actionbar``, ``status``, ``log``, ``board`` and
``overlay``, composed by ``panels``.  Each draws from a view model
(``viewmodel``) and sends command values up (``commands``); none imports or
reads the screen that owns it (docs/play_screen.md)."""
