"""deepspeed.ops.adam in the test double."""
import torch


class DeepSpeedCPUAdam(torch.optim.Adam):
    """Mirrors deepspeed/ops/adam/cpu_adam.py DeepSpeedCPUAdam: Adam whose step runs on the CPU, the optimizer
    ZeRO-Offload accepts from a client. Here it is torch's Adam."""
