// A small libtorch trainer with two faults lightfix fixes: the optimizer is
// never zeroed (LT001), and a skipped batch returns an undefined tensor that
// is then backward-ed (LT002). Run as `trainer [--skip-empty]`; prints one
// loss per step.

#include <torch/torch.h>

#include <cstdio>
#include <cstring>

// The loss of one batch of y = 1x0 - 2x1 + 0.5x2; with `skip_empty`, every
// fourth batch counts as empty and is skipped.
torch::Tensor batch_loss(torch::nn::Linear& model, int step, bool skip_empty) {
  if (skip_empty && step % 4 == 3) return {};
  torch::manual_seed(step);
  torch::Tensor x = torch::randn({16, 3});
  torch::Tensor y = x.matmul(torch::tensor({1.0F, -2.0F, 0.5F})).unsqueeze(1);
  return torch::mse_loss(model->forward(x), y);
}

int main(int argc, char** argv) {
  bool skip_empty = argc > 1 && std::strcmp(argv[1], "--skip-empty") == 0;
  torch::manual_seed(0);
  torch::nn::Linear model(3, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  for (int step = 0; step < 12; ++step) {
    torch::Tensor loss = batch_loss(model, step, skip_empty);
    loss.backward();
    optimizer.step();
    std::printf("%d %.6f\n", step, loss.item<float>());
  }
  return 0;
}
