"""widgets/core"""
