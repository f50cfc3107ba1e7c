import torch
from transformers import AutoModelForSequenceClassification, get_cosine_schedule_with_warmup


def build_optimizer(model, lr, weight_decay=0.01):
    decay = [p for n, p in model.named_parameters() if p.ndim >= 2 and "norm" not in n]
    no_decay = [p for n, p in model.named_parameters() if p.ndim < 2 or "norm" in n]
    return torch.optim.AdamW([{"params": decay, "weight_decay": weight_decay},
                              {"params": no_decay, "weight_decay": 0.0}], lr=lr)


def prepare(fabric, model_name, num_labels, lr=2e-5):
    """Build the model and optimizer and hand them to Fabric."""
    with fabric.init_module():
        model = AutoModelForSequenceClassification.from_pretrained(model_name, num_labels=num_labels)
    optimizer = build_optimizer(model, lr)
    return fabric.setup(model, optimizer)


def make_scheduler(optimizer, total_steps, warmup_ratio=0.06):
    return get_cosine_schedule_with_warmup(optimizer, int(total_steps * warmup_ratio), total_steps)
