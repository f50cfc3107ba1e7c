#include <torch/torch.h>

#include <memory>

int main() {
  torch::nn::Linear model(8, 1);
  std::shared_ptr<torch::optim::Optimizer> opt =
      std::make_shared<torch::optim::SGD>(model->parameters(), torch::optim::SGDOptions(0.01));
  int step = 0;
  while (step < 100) {
    auto loss = model->forward(torch::randn({16, 8})).pow(2).mean();
    loss.backward();
    opt->step();
    ++step;
  }
}
