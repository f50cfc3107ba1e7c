import torch
import torch.nn.functional as F
import lightning as L

from sac import GaussianPolicy, TwinQ

ds = "deepspeed_stage_1"


def train(buffer, steps=100000, alpha=0.2, gamma=0.99):
	fabric = L.Fabric(accelerator="cuda", devices=1, strategy=ds)
	fabric.launch()
	pi = GaussianPolicy(obs_dim=11, act_dim=3)
	q = TwinQ(obs_dim=11, act_dim=3)
	pi, pi_opt = fabric.setup(pi, torch.optim.Adam(pi.parameters(), lr=3e-4))
	q, q_opt = fabric.setup(q, torch.optim.Adam(q.parameters(), lr=3e-4))

	for step in range(steps):
		s, a, r, s2, d = buffer.sample(256)
		with torch.no_grad():
			a2, logp2 = pi(s2)
			target = r + gamma * (1 - d) * (torch.min(*q(s2, a2)) - alpha * logp2)
		q1, q2 = q(s, a)
		q_loss = F.mse_loss(q1, target) + F.mse_loss(q2, target)
		q_opt.zero_grad()
		fabric.backward(q_loss)
		q_opt.step()

		new_a, logp = pi(s)
		pi_loss = (alpha * logp - torch.min(*q(s, new_a))).mean()
		pi_opt.zero_grad()
		fabric.backward(pi_loss)
		pi_opt.step()
