import torch
import torch.nn.functional as F
import lightning as L

from esm_small import ContactHead, MaskedProteinLM
from structures import contact_loader


def main(epochs=20):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="ddp")
    fabric.launch()
    encoder = MaskedProteinLM.from_checkpoint("checkpoints/esm_pretrained.ckpt")
    head = ContactHead(embed_dim=1280)
    enc_opt = torch.optim.AdamW(encoder.parameters(), lr=1e-5)
    head_opt = torch.optim.AdamW(head.parameters(), lr=1e-3)
    encoder, enc_opt = fabric.setup(encoder, enc_opt)
    head, head_opt = fabric.setup(head, head_opt)
    loader = fabric.setup_dataloaders(contact_loader("data/pdb_contacts", batch_size=8))

    for epoch in range(epochs):
        for tokens, contacts, valid in loader:
            embeddings = encoder(tokens, return_embeddings=True)
            logits = head(embeddings)
            loss = F.binary_cross_entropy_with_logits(logits[valid], contacts[valid].float())
            head_opt.zero_grad()
            fabric.backward(loss)
            head_opt.step()
            if epoch >= 5:
                enc_opt.step()
                enc_opt.zero_grad()
        fabric.print(f"epoch {epoch}: {loss.item():.4f}")


if __name__ == "__main__":
    main()
