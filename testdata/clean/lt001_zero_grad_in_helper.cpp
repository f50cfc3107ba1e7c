#include <torch/torch.h>

namespace {

void clear(torch::optim::Optimizer& optimizer) { optimizer.zero_grad(); }

void update(torch::optim::Optimizer& optimizer, const torch::Tensor& loss) {
  clear(optimizer);
  loss.backward();
  optimizer.step();
}

}  // namespace

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  for (int i = 0; i < 3; ++i) {
    auto loss = model->forward(torch::ones({2, 4})).sum();
    update(optimizer, loss);
  }
  auto reset = [&] { optimizer.zero_grad(); };
  for (int i = 0; i < 3; ++i) {
    reset();
    model->forward(torch::ones({2, 4})).sum().backward();
    optimizer.step();
  }
}
