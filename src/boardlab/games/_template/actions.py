"""Every option any decision offers, built once at import and shared: small hashable
``Action`` values whose ids name things as the board does. Follow ``games/konoten/actions.py``.
"""
