class Callback:
    pass


class Printer(Callback):
    pass
