# run from projB/ -- no strategy passed
python main.py --max_epochs=1
