from pkg.engine import Runner


def make():
    return Runner(max_epochs=1)
