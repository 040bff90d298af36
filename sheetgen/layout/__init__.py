"""Views to marks in points: what each ReportLab page holds, measured and placed."""
