"""widgets/classroom"""
