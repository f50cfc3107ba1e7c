#pragma once
// A notebook as Jupyter writes it, for the command-line tests that run the
// binary on one: LF002 in cell 4, the DeepSpeed Fabric chosen in cell 2, and
// IPython magics in cells 2 and 4.

constexpr const char* kSmallNotebook = R"NB({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "Two models, one Fabric."
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": [
    "!pip install lightning\n",
    "import torch\n",
    "import lightning as L\n",
    "\n",
    "fabric = L.Fabric(strategy=\"deepspeed\")\n",
    "fabric.launch()"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": [
    "netG, optG = fabric.setup(torch.nn.Linear(4, 4), torch.optim.SGD([], lr=0.1))\n",
    "netD, optD = fabric.setup(torch.nn.Linear(4, 1), torch.optim.SGD([], lr=0.1))"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": [
    "for step in range(10):\n",
    "    errD = netD(netG(torch.randn(8, 4))).mean()\n",
    "    %time optD.zero_grad()\n",
    "    fabric.backward(errD)\n",
    "    optD.step()"
   ]
  }
 ],
 "metadata": {},
 "nbformat": 4,
 "nbformat_minor": 5
}
)NB";
