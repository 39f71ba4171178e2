"""The card recogniser: a pure OpenCV pipeline (no Flask, no storage).

``recognizer.pipeline.recognize(image, deck=...)`` returns detections (card code,
confidence, the card's four corners in the photo's pixels): French cards by their corner
indices, read by small networks the project trains (``recognizer.training``, ``make
models``) and runs with OpenCV's ``dnn`` module; the printed Insonnia deck by its markers;
any other deck by its enrolled faces.
"""
