[for k,v in x:k=>v...if v!=null]
