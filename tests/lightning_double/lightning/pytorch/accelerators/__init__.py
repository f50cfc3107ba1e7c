from lightning.fabric.accelerators import (  # noqa: F401
    Accelerator,
    CPUAccelerator,
    CUDAAccelerator,
    MPSAccelerator,
    XLAAccelerator,
)
