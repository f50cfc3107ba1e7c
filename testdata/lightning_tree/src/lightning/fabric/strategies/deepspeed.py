from .strategy import Strategy


class DeepSpeedStrategy(Strategy):
    pass


class ZeroInfinityStrategy(DeepSpeedStrategy):
    pass
