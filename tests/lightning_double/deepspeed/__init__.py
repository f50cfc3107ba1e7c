"""deepspeed in the test double: only what user code imports of it (`deepspeed.ops.adam.DeepSpeedCPUAdam`).
The engine itself is lightning/_deepspeed.py."""
