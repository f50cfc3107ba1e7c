import torch
import torch.nn.functional as F
import lightning as L
from transformers import AutoModelForCausalLM

from corpus import make_loader
from teacher import load_teacher, teacher_logprobs

TEMPERATURE = 2.0


def main(max_steps=20_000):
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_3", precision="bf16-true")
    fabric.launch()

    teacher = load_teacher(fabric)
    student = AutoModelForCausalLM.from_pretrained("TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T")
    optimizer = torch.optim.AdamW(student.parameters(), lr=2e-5, weight_decay=0.0)
    student, optimizer = fabric.setup(student, optimizer)
    loader = fabric.setup_dataloaders(make_loader("data/distill.jsonl", batch_size=4, max_len=2048))

    student.train()
    for step, batch in enumerate(loader):
        t_logp = teacher_logprobs(teacher, batch["input_ids"], batch["attention_mask"], TEMPERATURE)
        s_logits = student(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
        s_logp = F.log_softmax(s_logits.float() / TEMPERATURE, dim=-1)
        loss = F.kl_div(s_logp, t_logp, log_target=True, reduction="batchmean") * TEMPERATURE**2
        fabric.backward(loss, model=student)
        optimizer.step()
        optimizer.zero_grad()
        if step % 100 == 0:
            fabric.print(f"step {step}: kd loss {loss.item():.4f}")
        if step == max_steps:
            break
    fabric.save("checkpoints/student.ckpt", {"model": student})


if __name__ == "__main__":
    main()
