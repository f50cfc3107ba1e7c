def train(epoch, fabric, model, dataloader, optimizer, criterion):
    model.train()
    for x, y in dataloader:
        optimizer.zero_grad()
        y_pred = model(x)
        loss = criterion(y_pred, y)
        fabric.backward(loss)
        optimizer.step()
