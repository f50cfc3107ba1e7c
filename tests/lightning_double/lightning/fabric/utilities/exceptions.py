"""Lightning's own exception type."""


# mirrors src/lightning/fabric/utilities/exceptions.py MisconfigurationException (2.6.5)
class MisconfigurationException(Exception):
    """Exception used to inform users of misuse with Lightning."""
