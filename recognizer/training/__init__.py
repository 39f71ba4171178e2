"""Building the recogniser's learned index reader (``make models``): card faces drawn here
and taken from free artwork, synthetic table photos made of them, the labelled patches the
index finder cuts from those photos (and from the real photos whose licence allows it),
training with PyTorch on the CPU, and the export to ONNX that OpenCV's ``dnn`` runs.

Nothing here is imported by the app: the serving side needs neither PyTorch nor Pillow
(the ``.[models]`` extra brings them for building only).
"""
