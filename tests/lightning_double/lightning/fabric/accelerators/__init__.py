"""Accelerators. The double models a machine with CUDA GPUs (as many as asked for), while every tensor stays
on the CPU: `accelerator="auto"`, `"gpu"` and `"cuda"` give a `CUDAAccelerator`, `"cpu"` a `CPUAccelerator`."""
from typing import Any, Union

from lightning.fabric.utilities.exceptions import MisconfigurationException


class Accelerator:
    name = ""

    # mirrors src/lightning/fabric/accelerators/accelerator.py Accelerator (2.6.5), the parts the connector uses
    @staticmethod
    def is_available() -> bool:
        return True

    def setup_device(self, device: Any) -> None:
        pass

    @classmethod
    def parse_devices(cls, devices: Any) -> int:
        """The number of devices asked for (the double runs one process whatever it is)."""
        return _count_gpu_ids(devices)


class CPUAccelerator(Accelerator):
    name = "cpu"

    @classmethod
    def parse_devices(cls, devices: Any) -> int:
        # mirrors src/lightning/fabric/accelerators/cpu.py _parse_cpu_cores (2.6.5)
        if isinstance(devices, str) and devices.strip().isdigit():
            devices = int(devices)
        if not isinstance(devices, int) or devices <= 0 or isinstance(devices, bool):
            raise TypeError("`devices` selected with `CPUAccelerator` should be an int > 0.")
        return devices


class CUDAAccelerator(Accelerator):
    name = "cuda"


class MPSAccelerator(Accelerator):
    name = "mps"

    @staticmethod
    def is_available() -> bool:
        return False


class XLAAccelerator(Accelerator):
    name = "tpu"

    @staticmethod
    def is_available() -> bool:
        return False


# mirrors the accelerator registry's names (src/lightning/fabric/accelerators/registry.py, 2.6.5)
ACCELERATOR_REGISTRY = {"cpu": CPUAccelerator, "cuda": CUDAAccelerator, "mps": MPSAccelerator, "tpu": XLAAccelerator}


def _count_gpu_ids(devices: Union[int, str, list]) -> int:
    # mirrors src/lightning/fabric/utilities/device_parser.py _parse_gpu_ids (2.6.5): an int n, a list of
    # indices, "0,1" or "2"; -1 ("all GPUs") counts as one device in the double
    if isinstance(devices, str):
        devices = devices.strip()
        if devices == "-1":
            return 1
        if "," in devices:
            return len([d for d in devices.split(",") if d.strip()])
        if not devices.isdigit():
            raise MisconfigurationException(f"Devices {devices!r} is not a valid input")
        return int(devices)
    if isinstance(devices, (list, tuple)):
        return len(devices)
    if isinstance(devices, int) and not isinstance(devices, bool):
        if devices < -1:
            raise MisconfigurationException(f"Devices {devices!r} is not a valid input")
        return 1 if devices == -1 else devices
    raise MisconfigurationException(f"Devices {devices!r} is not a valid input")
