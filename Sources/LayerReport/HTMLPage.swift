/// The fixed parts of the html report: head (policy, styles) and the script at the end.
/// Nothing from a dump is in these strings.
enum HTMLPage {
    /// `default-src 'none'`: the page may load nothing, not even from itself; styles and the
    /// one script are inline (the data element is JSON, which a browser never runs).
    static func head(title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + XMLText.content(title) + "</title><style>"
            + DrawingSVG.style + css + "</style></head><body class=\"now\">"
    }

    static let css = """
        body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:16px;color:#1d2430;background:#fff}
        header{display:flex;gap:16px;align-items:center;flex-wrap:wrap}h1{font-size:20px;margin:0}
        h2{font-size:16px;margin:20px 0 4px}.screen{color:#5b6572;font-weight:normal}
        button{font:inherit;padding:4px 10px;border:1px solid #8a94a3;border-radius:6px;background:#f2f4f7;cursor:pointer}
        .row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}.draw{flex:none}.side{flex:1;min-width:280px}
        .findings{margin:0;padding-left:20px}.findings li{padding:3px 4px;border-radius:4px;cursor:pointer}
        .findings li:hover,.findings li.sel{background:#fde2f1}.sev{font-size:11px;text-transform:uppercase;color:#5b6572}
        .error .sev,li.error .sev{color:#b3261e}.detail{background:#f7f8fa;padding:8px;border-radius:6px;margin-top:10px}
        .detail dt{font-weight:600}.detail dd{margin:0 0 6px}.detail pre{margin:0 0 6px;white-space:pre-wrap;font-size:12px}
        .note{color:#5b6572;font-size:12px;max-width:360px}.est{margin:0 0 8px;color:#3b4a5e}
        .ll-drawing{background:#fff;border:1px solid #d0d5dc}.ll-drawing .l{cursor:pointer;pointer-events:all}
        .after .p1,.after .p2,.after .p3{fill:none}.after .q1{fill:#ffe566}.after .q2{fill:#ffd21f}.after .q3{fill:#f0b400}
        .ll-drawing .hl{fill:#e0006a;fill-opacity:0.55;stroke:#e0006a;stroke-width:3px}
        .after-only{display:none}.after .after-only{display:inline}.after .now-only{display:none}
        .chart svg{font-size:12px}.bar-now{fill:#f0b400}.bar-after{fill:#3c9a5f}.budget{stroke:#5b6572;stroke-width:2px;stroke-dasharray:3 2}.budget.over{stroke:#b3261e}
        figcaption{color:#5b6572;font-size:12px}.diff .tag{font-size:11px;text-transform:uppercase;padding:0 4px;border-radius:3px}
        .new .tag,.tag.new{background:#fbd4d0}.fixed .tag,.tag.fixed{background:#cdebd6}.tag.changed{background:#fde7b0}
        .ll-drawing .m-new{stroke:#d93025;stroke-width:3px}.ll-drawing .m-fixed{stroke:#1e8e3e;stroke-width:3px}
        .ll-drawing .m-changed{stroke:#e37400;stroke-width:3px;stroke-dasharray:6 3}.col{flex:1;min-width:380px}.col h3{font-size:14px;margin:4px 0}
        """

    static let tail = "<script>" + script + "</script></body></html>\n"

    /// Selection and the toggle. Text goes on the page with `textContent`, never as markup.
    static let script = """
        (function(){
        'use strict';
        var data=JSON.parse(document.getElementById('ll-data').textContent);
        var lit=[];
        function light(s,item){lit.forEach(function(e){e.classList.remove('hl');});lit=[];
          if(item<0)return;var e=document.getElementById('l'+s+'-'+item);if(e){e.classList.add('hl');lit.push(e);}}
        function show(s,rows){var d=document.getElementById('d'+s);if(!d)return;d.textContent='';
          rows.forEach(function(r){if(r[1]===null||r[1]===undefined||r[1]==='')return;
            var dt=document.createElement('dt');dt.textContent=r[0];var dd=document.createElement(r[2]?'pre':'dd');
            dd.textContent=String(r[1]);d.appendChild(dt);d.appendChild(dd);});}
        function finding(n){var li=document.getElementById('f'+n);if(!li)return null;
          var s=+li.getAttribute('data-s'),k=+li.getAttribute('data-k');return {li:li,s:s,f:data.snapshots[s].findings[k]};}
        function select(n,keep){var x=finding(n);if(!x)return;
          document.querySelectorAll('.findings li.sel').forEach(function(e){e.classList.remove('sel');});
          if(keep)x.li.classList.add('sel');light(x.s,x.f.item);var f=x.f,T=data.strings;
          var cost=f.fps?[['Frame rate',f.fps+' frames per second now, '+f.fpsAfter+' after this fix']]
            :[['Passes',f.passes+' now, '+f.passesAfterFix+' after this fix'],['Pixels',f.pixels]];
          show(x.s,[['Finding',f.severity+' '+f.rule],['Message',T[f.message]],['Layer',f.path],['Line',f.line]].concat(cost,
            [['Fix',T[f.fix]],['Swift',T[f.swift],true],['Objective-C',T[f.objc],true]]));}
        function layer(s,k){var l=data.snapshots[s].layers[k];if(!l)return;light(s,k);
          show(s,[['Layer',l.path],['Class',l['class']],['Name',l.name],['Bounds',l.bounds.join(', ')],
            ['On screen',l.box.join(', ')],['Corner radius',l.cornerRadius],['Masks to bounds',String(l.masksToBounds)],
            ['Mask',l.mask?'yes':''],['Opacity',l.opacity],['Shadow',l.shadow?'yes':''],
            ['Passes',l.passes+' now, '+l.after+' after fixes'],['Why',l.reasons]]);}
        function setAfter(on){document.body.classList.toggle('after',on);document.body.classList.toggle('now',!on);
          var b=document.getElementById('toggle');if(b){b.textContent=on?'Show now':'Show after fixes';b.setAttribute('aria-pressed',String(on));}}
        document.addEventListener('mouseover',function(e){var li=e.target.closest&&e.target.closest('.findings li[id]');
          if(li)select(+li.id.slice(1),li.classList.contains('sel'));});
        document.addEventListener('click',function(e){var li=e.target.closest&&e.target.closest('.findings li[id]');
          if(li){select(+li.id.slice(1),true);return;}
          var r=e.target.closest&&e.target.closest('.ll-drawing [data-i]');
          if(r){var s=+r.closest('.draw').getAttribute('data-s');layer(s,+r.getAttribute('data-i'));}});
        document.addEventListener('keydown',function(e){if(e.key!=='Enter')return;var li=e.target.closest&&e.target.closest('.findings li[id]');
          if(li)select(+li.id.slice(1),true);});
        var t=document.getElementById('toggle');
        if(t)t.addEventListener('click',function(){setAfter(!document.body.classList.contains('after'));});
        function fromHash(){var h=location.hash.replace(/^#/,'').split('&');
          setAfter(h.indexOf('after')>=0);
          h.forEach(function(p){var m=/^finding=(\\d+)$/.exec(p);if(m)select(+m[1],true);
            m=/^layer=(\\d+)-(\\d+)$/.exec(p);if(m)layer(+m[1],+m[2]);});}
        window.addEventListener('hashchange',fromHash);fromHash();
        })();
        """
}
