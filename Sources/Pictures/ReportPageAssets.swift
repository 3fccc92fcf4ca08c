/// The report page's style sheet and script, inline (the page loads nothing from outside).
enum ReportPageAssets {
    static let style = """
        body{font:13px/1.4 system-ui,sans-serif;margin:16px;color:#111827;background:#fff}
        h1{font-size:18px;margin:0 0 8px}
        table.sum{border-collapse:collapse;margin-bottom:12px}
        table.sum td,table.sum th{padding:2px 8px;text-align:left;border-bottom:1px solid #e5e7eb}
        #bar{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #d1d5db;z-index:1}
        .r{border-bottom:1px solid #e5e7eb;padding:6px 0;content-visibility:auto;contain-intrinsic-size:auto 120px;
        overflow-x:auto}
        .probe .r{content-visibility:visible}
        .m{color:#374151;overflow-wrap:anywhere}.m b{color:#111827}.m i{font-style:normal;margin-left:10px}
        .m b,.m i,code,figure::before{unicode-bidi:isolate}
        .st{padding:0 5px;border-radius:3px;color:#fff}
        .st.o{background:#e0001b}.st.f{background:#15803d}.st.x{background:#b45309}
        .p{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap;margin-top:4px}
        figure{margin:0}figure::before{content:attr(data-c);display:block;font-size:11px;color:#6b7280;height:15px}
        rect.b{fill:#f3f4f6;stroke:#9ca3af;stroke-width:1}
        rect.ov{fill:none;stroke:#e0001b;stroke-width:1;stroke-dasharray:3 2}
        code{white-space:pre-wrap}
        [hidden]{display:none!important}
        """

    /// Reads the data block (`ReportDataBlock`), filters it by locale, status and text, and draws the rows that
    /// pass, `chunk` (25) at a time until the drawn ones reach 800 px below the window, and more whenever scrolling
    /// brings their end that close (so the DOM holds the rows on screen, not the catalog), each drawing made from its
    /// `EntryPicture` data. Initial filter values come from the URL's fragment
    /// (`#locale=de&status=o&q=text`); `#probe` draws every shown row and lists each one's box for tests (and, for a row whose content is wider
    /// than it, `wide=` its scroll width, width and `overflow-x`: such a row scrolls sideways, where content
    /// visibility clipped it out of reach). The root
    /// element's `data-ready` is the milliseconds from navigation until the first rows are drawn and laid out.
    static let script = """
        (function(){
        var D=JSON.parse(document.getElementById('data').textContent),T=D.t,G=D.d,R=D.r,Q=null,chunk=25;
        var box=document.getElementById('rows'),loc=document.getElementById('loc'),st=document.getElementById('st'),
            q=document.getElementById('q'),n=document.getElementById('n'),end=document.createElement('div');
        var L={o:'overflows',f:'fits',x:'failed'},shown=[],done=0;
        function e(s){return String(s).replace(/[&<>"']/g,function(c){return '&#'+c.charCodeAt(0)+';'})}
        function svg(d){var h='<svg width="'+d[0]+'" height="'+d[1]+'"><rect class="b" x="4" y="4" width="'+d[2]+
        '" height="'+d[3]+'"/>',s=' scale('+d[4]/1000+')',o=d[5],l=d[9];
        if(o>=0)h+='<rect class="ov" x="3" y="'+d[6]+'" width="'+d[7]+'" height="'+d[8]+'"/>';
        for(var i=0;i<l.length;i++){var a=l[i],x=0;if(a.length<3)continue;
        h+='<g transform="translate('+a[0]+','+a[1]+')'+s+'"'+(o>=0&&i>=o?' fill="#e0001b"':'')+'>';
        for(var j=2;j<a.length;){var g=a[j++],y=0;x+=a[j++];if(g<0){g=-g-1;y=a[j++]}
        h+='<use href="#g'+g.toString(36)+'"'+(x?' x="'+x+'"':'')+(y?' y="'+y+'"':'')+'/>'}h+='</g>'}
        return h+'</svg>'}
        function row(i){var r=R[i],s=r[0],h='<div class="r" data-s="'+s+'"><div class="m"><span class="st '+s+'">'+
        L[s]+'</span><b>'+e(T[r[2]])+'</b>'+(T[r[3]]?'<i>'+e(T[r[3]])+'</i>':'')+'<i>'+e(T[r[1]])+'</i><i>'+
        e(T[r[4]])+':'+r[5]+'</i><i>'+e(r[7])+'</i></div><div class="p">';
        if(s==='x')h+='<code>'+e(r[6])+'</code>';else{
        if(r[8]>=0)h+='<figure data-c="'+e(T[r[9]])+'">'+svg(G[r[8]])+'</figure>';h+='<figure>'+svg(G[r[10]])+'</figure>'}
        return h+'</div></div>'}
        function more(){var stop=Math.min(shown.length,done+chunk),h='';for(;done<stop;done++)h+=row(shown[done]);
        end.insertAdjacentHTML('beforebegin',h)}
        function fill(){while(done<shown.length&&end.getBoundingClientRect().top<innerHeight+800)more()}
        function apply(){var l=loc.value,s=st.value,t=q.value.toLowerCase();shown=[];
        if(t&&!Q){Q=R.map(function(r){return (T[r[2]]+' '+T[r[3]]+' '+r[6]).toLowerCase()})}
        for(var i=0;i<R.length;i++){var r=R[i];if((!l||T[r[1]]===l)&&(!s||r[0]===s)&&(!t||Q[i].indexOf(t)>=0))shown.push(i)}
        box.textContent='';box.appendChild(end);done=0;fill();n.textContent=shown.length+' of '+R.length+' shown'}
        var h=new URLSearchParams(location.hash.slice(1));
        if(h.has('locale'))loc.value=h.get('locale');if(h.has('status'))st.value=h.get('status');
        if(h.has('q'))q.value=h.get('q');
        loc.onchange=apply;st.onchange=apply;q.oninput=apply;apply();
        addEventListener('scroll',fill,{passive:true});addEventListener('resize',fill);
        document.documentElement.setAttribute('data-ready',Math.round(performance.now()));
        if(h.has('probe')){document.body.classList.add('probe');while(done<shown.length)more();var out=[];
        box.querySelectorAll('.r').forEach(function(r){var b=r.getBoundingClientRect(),bs=[];
        r.querySelectorAll('rect.b').forEach(function(x){var k=x.getBoundingClientRect();
        bs.push([k.left,k.top,k.width,k.height].map(Math.round).join(','))});
        if(r.scrollWidth>r.clientWidth)bs.push('wide='+r.scrollWidth+','+r.clientWidth+','+getComputedStyle(r).overflowX);
        out.push(r.dataset.s+' '+[b.left,b.top,b.width,b.height].map(Math.round).join(',')+' '+bs.join(' '))});
        var pre=document.createElement('pre');pre.id='probe';pre.textContent=out.join('\\n');
        pre.style.display='none';document.body.appendChild(pre)}
        })();
        """
}
