"""The card recogniser: a pure OpenCV pipeline (no Flask, no storage).

``recognize(image, deck=...)`` will return detections (card code, confidence,
the card's four corners). The pipeline arrives with the recognition issue; the
package exists now so that the layout and the import boundary are fixed.
"""
