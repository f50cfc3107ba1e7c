import os


def start(fabric):
    """Launch the processes and seed every rank the same way."""
    fabric.launch()
    fabric.seed_everything(int(os.environ.get("SEED", "1234")))
    return fabric
