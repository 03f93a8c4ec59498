"""A game's action codec and observation encoder as numpy arrays: the vectors and masks that
the learning environments (``boardlab.adapters``) and the policy agent both read."""
