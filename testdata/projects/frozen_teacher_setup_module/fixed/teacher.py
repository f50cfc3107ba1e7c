import torch
from transformers import AutoModelForCausalLM

TEACHER = "meta-llama/Llama-2-13b-hf"


def load_teacher(fabric, name=TEACHER):
    """The frozen reference model: forward only, never stepped."""
    with fabric.init_module():
        teacher = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.bfloat16)
    teacher.eval()
    teacher.requires_grad_(False)
    return fabric.setup_module(teacher)


@torch.no_grad()
def teacher_logprobs(teacher, input_ids, attention_mask, temperature=2.0):
    logits = teacher(input_ids=input_ids, attention_mask=attention_mask).logits
    return torch.log_softmax(logits.float() / temperature, dim=-1)
