#include <torch/torch.h>
#include <vector>

int main() {
  torch::nn::Linear model(4, 1);
  torch::optim::Adam optimizer(model->parameters());
  std::vector<torch::Tensor> batches = {torch::ones({2, 4}), torch::zeros({2, 4})};
  {
    torch::NoGradGuard no_grad;
    for (const auto& batch : batches) {
      optimizer.zero_grad();
      auto loss = model->forward(batch).pow(2).mean();
      loss.backward();
      optimizer.step();
    }
  }
}
