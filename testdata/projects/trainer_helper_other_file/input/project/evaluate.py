from project.models import Scorer
from project.trainers import build_trainer


def main(checkpoint: str):
    scorer = Scorer.load_from_checkpoint(checkpoint)
    build_trainer(smoke_test=False).test(scorer)
