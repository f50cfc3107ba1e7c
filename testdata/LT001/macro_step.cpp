#include <torch/torch.h>

#define APPLY_UPDATE(opt) (opt).step()
#define BACKWARD(loss) (loss).backward()

int main() {
  torch::nn::Linear model(2, 2);
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  for (int i = 0; i < 10; ++i) {
    auto loss = model->forward(torch::eye(2)).sum();
    BACKWARD(loss);
    APPLY_UPDATE(optimizer);
  }
}
