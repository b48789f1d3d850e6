a = "%{if x}y%{else}z%{endif}"
