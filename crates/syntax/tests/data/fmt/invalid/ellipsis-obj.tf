{for k, v in m: k => v... if v}
