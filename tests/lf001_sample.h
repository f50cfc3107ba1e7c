#pragma once
// A file with one LF001 finding and its safe fix, before and after `lightfix
// fix`: the CLI tests' usual subject, and the file the robustness tests put
// beside a bad one to show that the rest of the run is still done.

namespace {

constexpr const char* kFaulty =
    "import lightning as L\n"
    "import torch\n"
    "\n"
    "fabric = L.Fabric(strategy=\"deepspeed\")\n"
    "fabric.launch()\n"
    "model = torch.nn.Linear(4, 1)\n"
    "optimizer = torch.optim.AdamW(model.parameters())\n"
    "for x in data:\n"
    "    loss = model(x).sum()\n"
    "    fabric.backward(loss)\n"
    "    optimizer.step()\n";

constexpr const char* kFixed =
    "import lightning as L\n"
    "import torch\n"
    "\n"
    "fabric = L.Fabric(strategy=\"deepspeed\")\n"
    "fabric.launch()\n"
    "model = torch.nn.Linear(4, 1)\n"
    "optimizer = torch.optim.AdamW(model.parameters())\n"
    "model, optimizer = fabric.setup(model, optimizer)\n"
    "for x in data:\n"
    "    loss = model(x).sum()\n"
    "    fabric.backward(loss)\n"
    "    optimizer.step()\n";

}  // namespace
