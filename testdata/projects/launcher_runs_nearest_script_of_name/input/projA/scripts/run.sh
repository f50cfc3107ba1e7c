# run from projA/
python main.py --max_epochs=1 \
   --strategy="deepspeed_stage_2"
