import torch
import lightning as L

from speech import ConformerCTC, load_librispeech


def train(fabric, epochs=40):
	acoustic = ConformerCTC(vocab_size=29)
	optimizer = torch.optim.AdamW(acoustic.parameters(), lr=5e-4)
	ctc = torch.nn.CTCLoss(blank=0, zero_infinity=True)
	loader = fabric.setup_dataloaders(load_librispeech("train-clean-100"))
	for epoch in range(epochs):
		for feats, feat_lens, tokens, token_lens in loader:
			log_probs = acoustic(feats).log_softmax(-1).transpose(0, 1)
			loss = ctc(log_probs, tokens, feat_lens, token_lens)
			if not torch.isfinite(loss):
				continue
			optimizer.zero_grad()
			fabric.backward(loss)
			optimizer.step()
		fabric.print(f"epoch {epoch} finished")


if __name__ == "__main__":
	fabric = L.Fabric(devices=4, strategy="deepspeed")
	fabric.launch()
	train(fabric)
