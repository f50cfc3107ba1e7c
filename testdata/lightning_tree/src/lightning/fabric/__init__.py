from lightning.fabric.fabric import Fabric
