class Strategy:
    pass
