a = x::y()
