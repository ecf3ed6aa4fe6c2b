"""widgets/babbage"""
