class Fabric:
    pass
