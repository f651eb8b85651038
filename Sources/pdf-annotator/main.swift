print("pdf-annotator")
