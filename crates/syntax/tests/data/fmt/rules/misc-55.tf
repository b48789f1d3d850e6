a = "${a}%{if b}c%{endif}"
