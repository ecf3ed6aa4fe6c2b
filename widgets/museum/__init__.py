"""Consulting Mathematician's widgets: the museum map (one ``anywidget``), the app, and the
small views the lessons use. The rules are :mod:`lnb.museum`'s; these only draw and ask."""
