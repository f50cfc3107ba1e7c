import torch
import lightning as L
