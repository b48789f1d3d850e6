instance_count = 3
