import torch
from torch.utils.data import DataLoader, TensorDataset

from model import Denoiser, Smoother
from trainers import ClusterTrainer, LocalTrainer


def loader(*tensors):
    return DataLoader(TensorDataset(*tensors), batch_size=4)


def main():
    # Padding batches (all zeros) come first: nothing to learn from them.
    noisy = torch.cat([torch.zeros(8, 16), torch.randn(24, 16)])
    LocalTrainer(devices=1, max_steps=4).fit(Smoother(), loader(noisy))
    ClusterTrainer(devices=1, max_steps=4).fit(Denoiser(), loader(noisy, noisy))


if __name__ == "__main__":
    main()
